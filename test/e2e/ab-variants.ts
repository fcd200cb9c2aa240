// What the A/B end-to-end tests share: JSON calls to the display server (as a visitor, or as the owner with the admin
// token) and a published lightbox with an e-mail field, a variant of another when a parent is given.
import assert from 'node:assert/strict';
import { OWNER_TOKEN } from './harness.ts';

export async function callJson<T>(
  server: { url: string },
  method: 'POST' | 'PUT' | 'PATCH',
  pathname: string,
  body: object,
  owner = false,
): Promise<T> {
  const send = () =>
    fetch(`${server.url}${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', ...(owner ? { authorization: `Bearer ${OWNER_TOKEN}` } : {}) },
      body: JSON.stringify(body),
    });
  const response = await send()
    .catch((error: Error & { cause?: { code?: string } }) => {
      // The server closes a connection idle for its keep-alive timeout; on a busy machine Node's fetch may send on
      // one it has just closed ("other side closed", before any answer), and unlike a browser it does not send a
      // POST again on a new one. The call never reached the server, so it is sent once more.
      if (error.cause?.code === 'UND_ERR_SOCKET') return send();
      throw error;
    })
    .catch((error: Error) => {
      // fetch says only "fetch failed"; why the connection failed is in its cause.
      throw new Error(`${method} ${pathname}: ${error.message} (${String(error.cause)})`, { cause: error });
    });
  assert.ok(response.ok, `${method} ${pathname}: ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as T;
}

/** A lightbox with an e-mail field, shown at once on a display call or a second after each page view. */
function offer(name: string, parentId: string | undefined, showsAfterASecond: boolean): object {
  return {
    poptin_name: name,
    poptin_type: 'lightbox',
    poptin_format: 'format_1',
    poptin_target: 'lead',
    on_click: 'no',
    display_after_sec_active: showsAfterASecond ? '1' : 'no',
    display_after_scroll_active: 'no',
    display_after_page_click_number_active: 'no',
    display_after_visit_page_active: 'no',
    display_after_inactive_seconds_active: 'no',
    display_after_exit_website_active: 'no',
    d_f_r: 'all@display_everytime_everypage',
    x_close_button: 'yes',
    design_properties: { poptin_location: 'center-middle', poptin_design_thank_screen: 'no' },
    poptin: `<div data-poptin-screen="form"><h2>${name}</h2><form><label>Email <input name="Email" type="email" required></label><button type="submit">Join</button></form></div>`,
    ...(parentId ? { ab_test_parent_id: parentId } : {}),
  };
}

/** Creates and publishes the offer on the site; its pop-up id. */
export async function publishedOffer(
  server: { url: string },
  site: string,
  name: string,
  { parentId, showsAfterASecond = false }: { parentId?: string; showsAfterASecond?: boolean } = {},
): Promise<string> {
  const { popup } = await callJson<{ popup: { id: string } }>(
    server,
    'POST',
    `/api/owner/${site}/popups`,
    { config: offer(name, parentId, showsAfterASecond) },
    true,
  );
  await callJson(server, 'POST', `/api/owner/${site}/popups/${popup.id}/publish`, {}, true);
  return popup.id;
}
