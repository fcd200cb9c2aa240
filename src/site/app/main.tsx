// The K3 brochure site (site spec §1, §2): one script for its pages, each page chosen by its address.

import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { holdHashUntilAfterLoad, startAnchors } from './anchors.ts';
import { AHLI_K3_MADYA } from './content.ts';
import { Header } from './header.tsx';
import { AhliK3MadyaPage, HomePage } from './pages.tsx';
import { ReadingProgress, ScrollToTop } from './scroll.tsx';

const heldHash = holdHashUntilAfterLoad();

function Site() {
  useEffect(() => startAnchors(heldHash), []);
  const contentPage = location.pathname.includes(`/${AHLI_K3_MADYA.slug}`);
  return (
    <>
      <a className="skip-link" href="#konten">
        Langsung ke konten
      </a>
      <Header>{contentPage && <ReadingProgress />}</Header>
      {contentPage ? <AhliK3MadyaPage /> : <HomePage />}
      <footer className="site-footer">
        <p>K3 Nusantara · Jakarta</p>
        <p>
          <a href="#joinchat">Chat dengan kami</a>
        </p>
      </footer>
      <ScrollToTop />
    </>
  );
}

const root = document.getElementById('k3-root');
if (root) createRoot(root).render(<Site />);
