// Its own module: the pop-up's template binding and the games read it, and neither should bring the other's code.

/** On a game element: it cannot be played yet (its pop-up asks for the lead first). */
export const GAME_LOCKED_ATTRIBUTE = 'locked';
