import type { Vocabulary } from './types';

export const pt: Vocabulary = {
  language: 'pt',
  columns: {
    date: ['data', 'datas', 'dia', 'data mov', 'data movimento', 'data do movimento', 'data operação', 'data da operação', 'dt', 'data mov.'],
    postingDate: ['data lançamento', 'data de lançamento', 'data contabilística', 'data contábil', 'data de registo', 'data de registro', 'data lanç'],
    transactionDate: ['data da compra', 'data compra', 'data transação', 'data da transação'],
    valueDate: ['data valor', 'data-valor', 'valor', 'data de valor', 'dt valor'],
    description: ['descrição', 'descricao', 'descritivo', 'histórico', 'historico', 'lançamento', 'lancamento', 'lançamentos', 'movimento', 'movimentos', 'descrição do movimento', 'detalhe', 'detalhes', 'estabelecimento', 'operação', 'favorecido', 'transação'],
    debit: ['débito', 'débitos', 'debito', 'saída', 'saídas', 'saque', 'saques', 'pagamentos', 'retirada', 'levantamento', 'levantamentos', 'valor débito'],
    credit: ['crédito', 'créditos', 'credito', 'entrada', 'entradas', 'depósito', 'depósitos', 'recebimentos', 'valor crédito'],
    amount: ['valor', 'valores', 'montante', 'quantia', 'importância', 'valor (r$)', 'valor r$', 'montante eur'],
    balance: ['saldo', 'saldos', 'saldo disponível', 'saldo contabilístico', 'saldo após movimento', 'saldo final'],
    reference: ['referência', 'referencia', 'ref', 'nº documento', 'documento', 'doc', 'nº doc', 'número', 'nº', 'n.º', 'cheque', 'nº cheque', 'autenticação', 'id'],
    sign: ['d/c', 'c/d', 'débito/crédito', '+/-', 'sinal'],
    unused: ['tarifa', 'tarifas', 'taxa', 'taxas', 'comissão', 'comissões', 'encargos', 'valor em moeda estrangeira', 'moeda estrangeira', 'moeda', 'valor original', 'câmbio', 'taxa de câmbio', 'cotação', 'categoria', 'canal', 'código', 'tipo', 'tipo de movimento', 'hora', 'agência', 'balcão', 'estado', 'cartão', 'nº do cartão', 'conta', 'pontos', 'iof'],
  },
  rows: {
    opening: ['total da fatura anterior', 'fatura anterior', 'saldo da fatura anterior', 'saldo anterior', 'saldo inicial', 'saldo de abertura', 'saldo transportado', 'saldo do período anterior', 'saldo em', 'transporte'],
    closing: ['total a pagar', 'valor total da fatura', 'total desta fatura', 'total da fatura', 'saldo desta fatura', 'valor desta fatura', 'saldo final', 'saldo atual', 'novo saldo', 'saldo a transportar', 'saldo de fecho', 'saldo disponível final', 'saldo em', 'a transportar'],
    total: ['total', 'totais', 'subtotal', 'soma', 'total de débitos', 'total de créditos', 'total do dia', 'total do período'],
  },
  signs: { debit: ['d', 'débito', 'db', '-'], credit: ['c', 'crédito', 'cr', '+'] },
  facts: {
    period: ['período', 'periodo', 'período do extrato', 'extrato de', 'movimentos de', 'período de referência'],
    rangeJoin: ['a', 'até', 'ate', '-', '–'],
    rangeFrom: ['de', 'desde', 'período de', 'entre'],
    statementDate: ['data de emissão', 'data do extrato', 'emitido em', 'data de fecho', 'data de corte'],
    account: ['número da conta', 'nº da conta', 'conta', 'conta nº', 'iban', 'nib', 'agência/conta', 'número do cartão', 'cartão'],
    holder: ['titular', 'titular da conta', 'nome', 'cliente'],
    card: ['cartão de crédito', 'pagamento mínimo', 'valor mínimo', 'limite de crédito', 'limite disponível', 'data de vencimento', 'vencimento', 'fatura do cartão', 'extrato do cartão'],
    overdrawn: ['devedor', 'd'],
    currency: ['valores em', 'moeda', 'divisa'],
  },
  notStatement: ['nota fiscal', 'orçamento', 'recibo', 'cupom fiscal', 'iva', 'quantidade', 'qtd', 'preço unitário', 'guia de remessa', 'pedido', 'condições de pagamento'],
};
