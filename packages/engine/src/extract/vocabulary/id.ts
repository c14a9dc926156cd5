import type { Vocabulary } from './types';

export const id: Vocabulary = {
  language: 'id',
  columns: {
    date: ['tanggal', 'tgl', 'tanggal transaksi', 'tgl transaksi'],
    postingDate: ['tanggal posting', 'tgl posting', 'tanggal pembukuan', 'tanggal buku', 'tgl buku'],
    transactionDate: ['tanggal pembelian', 'tgl pembelian', 'tanggal belanja'],
    valueDate: ['tanggal valuta', 'tgl valuta', 'valuta', 'tanggal efektif'],
    description: ['keterangan', 'uraian', 'deskripsi', 'uraian transaksi', 'keterangan transaksi', 'transaksi', 'rincian', 'detail', 'penerima', 'pengirim', 'nama', 'merchant'],
    debit: ['debit', 'debet', 'mutasi debet', 'mutasi debit', 'keluar', 'penarikan', 'pengeluaran', 'dana keluar'],
    credit: ['kredit', 'mutasi kredit', 'masuk', 'setoran', 'pemasukan', 'dana masuk'],
    amount: ['jumlah', 'nominal', 'mutasi', 'jumlah transaksi', 'nilai'],
    balance: ['saldo', 'saldo akhir', 'saldo berjalan', 'sisa saldo'],
    reference: ['referensi', 'ref', 'no. ref', 'nomor referensi', 'no', 'nomor', 'no. transaksi', 'no. bukti', 'cek', 'no. cek'],
    sign: ['d/k', 'db/cr', 'k/d', 'debet/kredit', '+/-', 'dk'],
    unused: ['biaya', 'biaya admin', 'jumlah valas', 'valas', 'mata uang asing', 'jumlah asli', 'kurs', 'nilai tukar', 'kategori', 'kanal', 'saluran', 'kode', 'kode transaksi', 'jenis', 'jenis transaksi', 'tipe', 'waktu', 'jam', 'cabang', 'status', 'mata uang', 'kartu', 'nomor kartu', 'rekening', 'poin'],
  },
  rows: {
    opening: ['tagihan sebelumnya', 'saldo dari halaman sebelumnya', 'saldo awal', 'saldo sebelumnya', 'saldo lalu', 'saldo pembukaan', 'saldo bulan lalu', 'saldo dipindahkan'],
    closing: ['total tagihan', 'tagihan baru', 'saldo ke halaman berikutnya', 'saldo akhir', 'saldo penutupan', 'saldo baru', 'saldo akhir periode', 'saldo dipindahkan'],
    total: ['total', 'jumlah', 'subtotal', 'total debet', 'total kredit', 'total mutasi', 'mutasi debet', 'mutasi kredit'],
  },
  signs: { debit: ['db', 'd', 'debet', 'debit', '-'], credit: ['cr', 'k', 'kr', 'kredit', '+'] },
  facts: {
    period: ['periode', 'periode rekening', 'periode laporan', 'periode transaksi', 'mutasi periode'],
    rangeJoin: ['s/d', 'sd', 'sampai', 'sampai dengan', 'hingga', '-', '–'],
    rangeFrom: ['dari', 'periode', 'mulai'],
    statementDate: ['tanggal cetak', 'tanggal laporan', 'tanggal tagihan', 'dicetak', 'tanggal'],
    account: ['nomor rekening', 'no. rekening', 'no rekening', 'rekening', 'nomor kartu', 'no. kartu'],
    holder: ['nama nasabah', 'nama pemilik', 'pemilik rekening', 'nama', 'nasabah'],
    card: ['kartu kredit', 'pembayaran minimum', 'tagihan minimum', 'limit kredit', 'sisa limit', 'tanggal jatuh tempo', 'jatuh tempo', 'lembar tagihan'],
    overdrawn: ['db', 'debet'],
    currency: ['mata uang', 'valuta'],
  },
  notStatement: ['faktur', 'nomor faktur', 'invoice', 'kwitansi', 'nota', 'struk', 'penawaran', 'ppn', 'kuantitas', 'jumlah barang', 'harga satuan', 'pesanan', 'surat jalan'],
};
