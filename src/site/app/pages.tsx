import { useEffect, useState } from 'react';
import { TIMINGS } from '../k3-behaviour.ts';
import { popupSelectorTarget } from '../k3-rules.ts';
import { AHLI_K3_MADYA, SITE_ROOT } from './content.ts';
import { AddonForm, StoreNotice } from './forms.tsx';
import { Carousel, Gallery, LazySection } from './media.tsx';
import { Accordion, Tabs } from './sections.tsx';

const PROGRAM_TABS = [
  { id: 'tab-jadwal', title: 'Jadwal', body: <p>Batch berikutnya: 2 Desember, kelas daring dan luring.</p> },
  { id: 'tab-biaya', title: 'Biaya', body: <p>Biaya sudah termasuk modul, ujian, dan sertifikat.</p> },
  { id: 'tab-syarat', title: 'Syarat', body: <p>Pendidikan minimal D3 dan pengalaman kerja dua tahun.</p> },
];

const QUESTIONS = [
  {
    id: 'faq-sertifikat',
    title: 'Siapa yang menerbitkan sertifikat?',
    body: <p>Sertifikat diterbitkan oleh kementerian terkait setelah lulus ujian.</p>,
  },
  {
    id: 'faq-daring',
    title: 'Apakah kelas bisa diikuti daring?',
    body: <p>Ya, teori dapat diikuti daring; praktik dilakukan di lokasi.</p>,
  },
];

/** `?popup-selector=eael-lostpassword|eael-resetpassword` clicks that element 300 ms after load (site spec §2). */
function usePopupSelector(): void {
  useEffect(() => {
    const target = popupSelectorTarget(new URLSearchParams(location.search).get('popup-selector'));
    if (!target) return;
    const timer = setTimeout(() => document.getElementById(target)?.click(), TIMINGS.popupSelectorClickMs);
    return () => clearTimeout(timer);
  }, []);
}

function AccountLinks() {
  const [note, setNote] = useState('');
  const say = (text: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    setNote(text);
  };
  return (
    <p className="account-links">
      <a
        id="eael-lostpassword"
        href="#lupa-sandi"
        onClick={say('Hubungi kami lewat chat untuk mengatur ulang kata sandi.')}
      >
        Lupa kata sandi?
      </a>{' '}
      <a id="eael-resetpassword" href="#atur-ulang" onClick={say('Tautan atur ulang kata sandi dikirim lewat email.')}>
        Atur ulang kata sandi
      </a>
      <span role="status" className="account-note">
        {note}
      </span>
    </p>
  );
}

export function HomePage() {
  return (
    <main id="konten">
      <StoreNotice />
      <section className="hero" aria-labelledby="judul">
        <h1 id="judul">Sertifikasi dan pelatihan K3</h1>
        <p>Ahli K3 Umum, Ahli K3 Madya, dan K3 spesialis, dengan instruktur berpengalaman.</p>
        <p>
          <a className="button" href={`${SITE_ROOT}ahli-k3-madya/`}>
            Lihat Ahli K3 Madya
          </a>{' '}
          <a className="button secondary" href="#joinchat">
            Tanya lewat WhatsApp
          </a>{' '}
          <a href="#program">Program</a>
        </p>
      </section>
      <Carousel />
      <section aria-labelledby="galeri">
        <h2 id="galeri">Galeri</h2>
        <Gallery />
      </section>
      <LazySection id="program" title="Program">
        <Tabs label="Program" tabs={PROGRAM_TABS} />
      </LazySection>
      <LazySection id="layanan" title="Layanan dan pertanyaan">
        <Accordion items={QUESTIONS} />
      </LazySection>
      <section aria-labelledby="daftar">
        <h2 id="daftar">Pendaftaran</h2>
        <AddonForm />
      </section>
    </main>
  );
}

export function AhliK3MadyaPage() {
  usePopupSelector();
  const { post, pageId, slug } = AHLI_K3_MADYA;
  return (
    <main id="konten" data-page-id={pageId} data-slug={slug}>
      <article data-post-id={post.postId}>
        <h1>{post.title}</h1>
        <p className="excerpt">{post.excerpt}</p>
        {post.featuredImage && (
          <img
            className="featured"
            src={`${SITE_ROOT}images/lapangan.svg`}
            alt="Peserta Ahli K3 Madya di lapangan"
            width="720"
            height="320"
          />
        )}
        <h2 id="materi">Materi</h2>
        <p>Peraturan perundangan K3, manajemen risiko, investigasi kecelakaan, dan audit SMK3.</p>
        <Tabs label="Informasi program" tabs={PROGRAM_TABS} />
        <h2 id="tanya-jawab">Tanya jawab</h2>
        <Accordion items={QUESTIONS} />
        <h2 id="daftar">Pendaftaran</h2>
        <AddonForm />
        <AccountLinks />
      </article>
    </main>
  );
}
