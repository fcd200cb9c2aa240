// Video and audio in a pop-up template (widget §4): the video source that fits, and nothing left playing after a close.
import { videoResolutionFor } from '../../core/popup/media.ts';

/**
 * A `<video>` with `<source data-resolution="360|480|720|1080">` children keeps only the source that fits its
 * box on this screen, so a small pop-up does not download 1080p.
 */
export function chooseVideoSources(content: ParentNode, pixelRatio = window.devicePixelRatio): void {
  content.querySelectorAll('video').forEach((video) => {
    const sources = [...video.querySelectorAll<HTMLSourceElement>('source[data-resolution]')];
    if (sources.length < 2) return;
    const resolutionOf = (source: HTMLSourceElement) => Number.parseInt(source.dataset.resolution ?? '', 10);
    const height = video.getBoundingClientRect().height || (video.clientWidth * 9) / 16;
    const chosen = videoResolutionFor(height, pixelRatio, sources.map(resolutionOf));
    for (const source of sources) if (resolutionOf(source) !== chosen) source.remove();
    video.dataset.poptinResolution = String(chosen);
    video.load();
  });
}

/** On close: every video and audio of the template stops and leaves it. */
export function removeTemplateMedia(content: ParentNode): void {
  content.querySelectorAll<HTMLMediaElement>('video, audio').forEach((media) => {
    media.pause();
    media.removeAttribute('src');
    media.querySelectorAll('source').forEach((source) => source.remove());
    media.load();
    media.remove();
  });
}

/** On close of a pop-up whose content is the page's own (slotted): its video and audio stop, and stay. */
export function pauseTemplateMedia(content: ParentNode): void {
  content.querySelectorAll<HTMLMediaElement>('video, audio').forEach((media) => media.pause());
}
