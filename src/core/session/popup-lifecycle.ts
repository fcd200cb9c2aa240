/** A pop-up on the page: blocked → armed → queued → shown → closed (widget §4). */
export type PopupLifecycleState = 'blocked' | 'armed' | 'queued' | 'shown' | 'closed';
