// What the K3 brochure site shows (site spec §1, §2): menus, pages and the known content page's post.
import { sanitizeUrl } from '../k3-rules.ts';

export const SITE_ROOT = '/examples/k3-site/';

export interface MenuItem {
  readonly id: string;
  readonly label: string;
  readonly href: string;
  readonly children?: readonly MenuItem[];
}

/** Links built from data always go through the sanitiser (site spec §5). */
const link = (href: string) => sanitizeUrl(href);

export const MENU: readonly MenuItem[] = [
  { id: 'home', label: 'Beranda', href: link(SITE_ROOT) },
  {
    id: 'training',
    label: 'Pelatihan',
    href: link(`${SITE_ROOT}ahli-k3-madya/`),
    children: [
      { id: 'ak3-umum', label: 'Ahli K3 Umum', href: link(`${SITE_ROOT}#program`) },
      { id: 'ak3-madya', label: 'Ahli K3 Madya', href: link(`${SITE_ROOT}ahli-k3-madya/`) },
      {
        id: 'specialist',
        label: 'K3 Spesialis',
        href: link(`${SITE_ROOT}#program`),
        children: [
          { id: 'listrik', label: 'K3 Listrik', href: link(`${SITE_ROOT}#program`) },
          { id: 'konstruksi', label: 'K3 Konstruksi', href: link(`${SITE_ROOT}#program`) },
        ],
      },
    ],
  },
  {
    id: 'services',
    label: 'Layanan',
    href: link(`${SITE_ROOT}#layanan`),
    children: [
      { id: 'audit', label: 'Audit SMK3', href: link(`${SITE_ROOT}#layanan`) },
      { id: 'inhouse', label: 'In-house training', href: link(`${SITE_ROOT}#layanan`) },
    ],
  },
  { id: 'contact', label: 'Kontak', href: link('#joinchat') },
];

/** The known content page (site spec §2): slug ahli-k3-madya, page id 6644, with its embedded post configuration. */
export const AHLI_K3_MADYA = {
  slug: 'ahli-k3-madya',
  pageId: 6644,
  post: {
    postId: 6644,
    title: 'Sertifikasi Ahli K3 Madya',
    excerpt:
      'Pelatihan dan sertifikasi Ahli K3 Madya untuk pengawas keselamatan kerja di proyek dan industri menengah.',
    featuredImage: true,
  },
} as const;

export const SLIDES = [
  { id: 'slide-1', title: 'Ahli K3 Umum', text: 'Dua belas hari pelatihan, ujian, dan sertifikat.' },
  { id: 'slide-2', title: 'Ahli K3 Madya', text: 'Untuk pengawas proyek dan industri menengah.' },
  { id: 'slide-3', title: 'K3 Listrik', text: 'Instalasi, pemeliharaan, dan pemeriksaan listrik.' },
  { id: 'slide-4', title: 'K3 Konstruksi', text: 'Keselamatan di lokasi konstruksi.' },
  { id: 'slide-5', title: 'Audit SMK3', text: 'Persiapan dan pendampingan audit.' },
] as const;

export const GALLERY = [
  { src: `${SITE_ROOT}images/kelas.svg`, alt: 'Kelas pelatihan K3 di ruang kelas' },
  { src: `${SITE_ROOT}images/lapangan.svg`, alt: 'Praktik lapangan dengan alat pelindung diri' },
  { src: `${SITE_ROOT}images/sertifikat.svg`, alt: 'Penyerahan sertifikat kepada peserta' },
] as const;
