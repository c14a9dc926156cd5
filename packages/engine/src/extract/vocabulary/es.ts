import type { Vocabulary } from './types';

export const es: Vocabulary = {
  language: 'es',
  columns: {
    date: ['fecha', 'fechas', 'fecha operación', 'fecha de operación', 'f. operación', 'f. oper', 'fecha oper', 'día', 'dia'],
    postingDate: ['fecha contable', 'fecha de cargo', 'fecha cargo', 'fecha de registro', 'fecha de aplicación', 'fecha aplicación', 'fecha de liquidación', 'fecha de contabilización', 'fecha de abono'],
    transactionDate: ['fecha compra', 'fecha de compra', 'fecha transacción', 'fecha de transacción', 'fecha de consumo', 'fecha consumo'],
    valueDate: ['fecha valor', 'f. valor', 'valor', 'fecha de valor'],
    description: ['concepto', 'conceptos', 'descripción', 'descripcion', 'detalle', 'detalles', 'movimiento', 'movimientos', 'operación', 'operacion', 'observaciones', 'beneficiario', 'ordenante', 'establecimiento', 'comercio', 'referencia del movimiento', 'transacción'],
    debit: ['cargo', 'cargos', 'débito', 'débitos', 'retiro', 'retiros', 'salida', 'salidas', 'debe', 'pagos', 'egresos', 'reintegros'],
    credit: ['abono', 'abonos', 'crédito', 'créditos', 'depósito', 'depósitos', 'ingreso', 'ingresos', 'entrada', 'entradas', 'haber'],
    amount: ['importe', 'importes', 'monto', 'montos', 'cantidad', 'importe eur', 'importe de la operación', 'valor'],
    balance: ['saldo', 'saldos', 'saldo disponible', 'saldo contable', 'nuevo saldo', 'saldo final', 'saldo tras operación', 'saldo actual'],
    reference: ['referencia', 'referencias', 'ref', 'no. ref', 'núm. ref', 'nº ref', 'número', 'nº', 'no', 'núm', 'folio', 'documento', 'nº documento', 'clave de rastreo', 'autorización', 'número de cheque', 'cheque'],
    sign: ['d/h', 'h/d', 'debe/haber', 'c/a', 'cargo/abono', '+/-', 'signo'],
    unused: ['comisión', 'comisiones', 'gastos', 'importe en divisa', 'divisa', 'moneda', 'importe original', 'tipo de cambio', 'cambio', 'categoría', 'canal', 'código', 'cód', 'clave', 'tipo', 'tipo de movimiento', 'hora', 'oficina', 'sucursal', 'estado', 'tarjeta', 'número de tarjeta', 'cuenta', 'puntos', 'iva'],
  },
  rows: {
    opening: ['adeudo anterior', 'saldo deudor anterior', 'saldo anterior', 'saldo inicial', 'saldo al inicio', 'saldo de apertura', 'saldo a la fecha de corte anterior', 'saldo anterior al periodo', 'saldo inicial del periodo', 'saldo al', 'saldo previo'],
    closing: ['total a pagar', 'pago total', 'saldo total', 'saldo al corte', 'nuevo adeudo', 'adeudo actual', 'saldo deudor actual', 'saldo final', 'saldo actual', 'nuevo saldo', 'saldo al cierre', 'saldo de cierre', 'saldo final del periodo', 'saldo a la fecha de corte', 'saldo al'],
    total: ['total', 'totales', 'subtotal', 'suma', 'total cargos', 'total abonos', 'total movimientos', 'total del día', 'suma y sigue'],
  },
  signs: { debit: ['d', 'debe', 'cargo', 'c', '-'], credit: ['h', 'haber', 'abono', 'a', '+'] },
  facts: {
    period: ['período', 'periodo', 'período del extracto', 'periodo de liquidación', 'periodo facturado', 'extracto del', 'movimientos del'],
    rangeJoin: ['al', 'a', 'hasta', 'hasta el', '-', '–'],
    rangeFrom: ['del', 'de', 'desde', 'desde el', 'período'],
    statementDate: ['fecha de emisión', 'fecha de corte', 'fecha del extracto', 'fecha de expedición', 'emitido el', 'fecha de extracto'],
    account: ['número de cuenta', 'nº de cuenta', 'no. de cuenta', 'cuenta', 'iban', 'clabe', 'número de tarjeta', 'nº de tarjeta', 'tarjeta', 'contrato'],
    holder: ['titular', 'titular de la cuenta', 'nombre', 'cliente'],
    card: ['tarjeta de crédito', 'pago mínimo', 'importe mínimo', 'límite de crédito', 'crédito disponible', 'fecha límite de pago', 'extracto de tarjeta', 'pago para no generar intereses'],
    overdrawn: ['deudor', 'd'],
    currency: ['importes en', 'cifras en', 'moneda', 'divisa'],
  },
  notStatement: ['factura', 'número de factura', 'nº factura', 'albarán', 'presupuesto', 'recibo', 'ticket', 'iva', 'cantidad', 'precio unitario', 'base imponible', 'pedido', 'nota de entrega', 'condiciones de pago'],
};
