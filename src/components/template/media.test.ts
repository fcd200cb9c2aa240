import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { allInShadow, inShadow, mountPopup, removePopups, until } from '../../../test/browser-support/popup.ts';

/** Two seconds of silence as an 8-bit mono WAV: something that really plays. */
function silentWav(): string {
  const samples = 16_000;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8_000, true);
  view.setUint32(28, 8_000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  return `data:audio/wav;base64,${btoa(String.fromCharCode(...bytes))}`;
}

const VIDEO = `<div data-poptin-screen="form"><h2>Watch</h2>
  <video controls muted width="320" height="180">${[360, 480, 720, 1080].map((resolution) => `<source data-resolution="${resolution}" src="/media/clip-${resolution}.mp4" type="video/mp4">`).join('')}</video>
  <audio controls muted src="${silentWav()}"></audio></div>`;

describe('<poptin-popup> media (widget §4)', () => {
  afterEach(() => removePopups());

  it('a video keeps the source that fits its box on this screen', async () => {
    const element = await mountPopup(VIDEO);
    const video = inShadow<HTMLVideoElement>(element, 'video');
    const expected = window.devicePixelRatio > 2 ? 720 : window.devicePixelRatio > 1 ? 480 : 360;
    expect(video.dataset.poptinResolution).to.equal(String(expected));
    expect(
      allInShadow<HTMLSourceElement>(element, 'video source').map((source) => source.dataset.resolution),
    ).to.deep.equal([String(expected)]);
  });

  it('on close, video and audio stop and are removed', async () => {
    // A real click first: browsers play media only after the visitor has interacted with the page.
    await sendMouse({ type: 'click', position: [2, 2] });
    const element = await mountPopup(VIDEO);
    const video = inShadow<HTMLVideoElement>(element, 'video');
    const audio = inShadow<HTMLAudioElement>(element, 'audio');
    await audio.play();
    expect(audio.paused).to.equal(false, 'playing before the close');
    element.requestClose('x-button');
    await until(() => !video.isConnected && !audio.isConnected, 'the media to be removed');
    expect([video.paused, audio.paused]).to.deep.equal([true, true]);
    expect(audio.hasAttribute('src')).to.equal(false);
  });
});
