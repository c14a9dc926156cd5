import type { Vocabulary } from './types';

export const tr: Vocabulary = {
  language: 'tr',
  columns: {
    date: ['tarih', 'tarihi', 'işlem tarihi', 'islem tarihi', 'gün'],
    postingDate: ['hesaba geçiş', 'hesaba geçiş tarihi', 'muhasebe tarihi', 'kayıt tarihi', 'hesaba geçiş tarihi', 'defter tarihi'],
    transactionDate: ['işlem tarihi', 'harcama tarihi', 'alışveriş tarihi', 'işlem günü'],
    valueDate: ['valör', 'valor', 'valör tarihi', 'valör tarih'],
    description: ['açıklama', 'aciklama', 'açıklamalar', 'işlem açıklaması', 'işlem', 'islem', 'detay', 'işlem detayı', 'alıcı', 'gönderen', 'karşı taraf', 'üye işyeri', 'işyeri', 'ad'],
    debit: ['borç', 'borc', 'çıkış', 'çekilen', 'ödemeler', 'giden', 'harcama', 'borç tutarı'],
    credit: ['alacak', 'giriş', 'yatan', 'gelen', 'tahsilat', 'alacak tutarı'],
    amount: ['tutar', 'tutarı', 'işlem tutarı', 'miktar', 'tutar (tl)', 'tutar tl'],
    balance: ['bakiye', 'bakiyesi', 'kalan bakiye', 'hesap bakiyesi', 'güncel bakiye', 'kullanılabilir bakiye'],
    reference: ['referans', 'ref', 'dekont no', 'dekont', 'fiş no', 'işlem no', 'sıra no', 'numara', 'no', 'belge no'],
    sign: ['b/a', 'a/b', 'borç/alacak', '+/-', 'yön'],
    unused: ['masraf', 'ücret', 'komisyon', 'bsmv', 'döviz tutarı', 'döviz', 'orijinal tutar', 'kur', 'döviz kuru', 'kategori', 'kanal', 'kod', 'işlem kodu', 'tür', 'işlem türü', 'tip', 'saat', 'şube', 'durum', 'para birimi', 'kart', 'kart no', 'hesap', 'puan', 'bonus'],
  },
  rows: {
    opening: ['önceki borç', 'önceki sayfadan devir', 'önceki dönem borcu', 'önceki ekstre borcu', 'devir bakiye', 'devreden bakiye', 'önceki bakiye', 'açılış bakiyesi', 'dönem başı bakiye', 'başlangıç bakiyesi', 'önceki dönem bakiyesi', 'devir'],
    closing: ['toplam borç', 'hesap kesim borcu', 'güncel borç', 'nakli yekün', 'sonraki sayfaya devir', 'dönem borcu', 'ekstre borcu', 'tarihli bakiye', 'kapanış bakiyesi', 'dönem sonu bakiye', 'son bakiye', 'yeni bakiye', 'güncel bakiye', 'devreden', 'sonraki sayfaya devir'],
    total: ['toplam', 'toplamlar', 'ara toplam', 'genel toplam', 'toplam borç', 'toplam alacak', 'günlük toplam'],
  },
  signs: { debit: ['b', 'borç', 'borc', '-'], credit: ['a', 'alacak', '+'] },
  facts: {
    period: ['dönem', 'hesap dönemi', 'ekstre dönemi', 'dönemi', 'tarih aralığı', 'hesap özeti'],
    rangeJoin: ['-', '–', 'ile', 'arası'],
    rangeFrom: ['dönem', 'tarih aralığı'],
    statementDate: ['ekstre tarihi', 'düzenleme tarihi', 'hesap kesim tarihi', 'kesim tarihi', 'tarih'],
    account: ['hesap no', 'hesap numarası', 'hesap', 'iban', 'kart numarası', 'kart no', ],
    holder: ['hesap sahibi', 'müşteri adı', 'ad soyad', 'unvan', 'sayın'],
    card: ['kredi kartı', 'asgari ödeme', 'asgari ödeme tutarı', 'kart limiti', 'kullanılabilir limit', 'son ödeme tarihi', 'dönem borcu', 'hesap kesim'],
    overdrawn: ['borç', 'b', 'eksi'],
    currency: ['döviz cinsi', 'para birimi', 'döviz'],
  },
  notStatement: ['fatura', 'fatura no', 'fatura tarihi', 'irsaliye', 'makbuz', 'fiş', 'teklif', 'kdv', 'miktar', 'birim fiyat', 'sipariş', 'ödeme koşulları'],
};
