// The elements from plain DOM code: the tag map gives each its class, the event map each poptin-* event its detail.
import type {} from 'poptin-elements';
import { defineElements } from 'poptin-elements/define';

export async function placeWheel(): Promise<void> {
  await defineElements(['poptin-spin-wheel', 'poptin-countdown']);
  const wheel = document.createElement('poptin-spin-wheel');
  wheel.prizes = [{ label: 'Free shipping', chances: 100, is_winner: 1, code: 'SHIP' }];
  wheel.addEventListener('poptin-game-result', (event) => console.log(event.detail.isWinner, event.detail.screen));
  document.addEventListener('poptin-submit', (event) => console.log(event.detail.poptinId, event.detail.honeypot));
  // @ts-expect-error: the chat button's settings are an object or its JSON, not a number
  document.createElement('poptin-chat-button').settings = 5;
  // @ts-expect-error: a tag defineElements() does not load
  await defineElements(['poptin-sidebar']);
  document.body.append(wheel);
}
