export const chatButtonStyles = `
:host { position: fixed; inset-block-end: 20px; inset-inline-end: 20px; z-index: 9000; font-family: var(--poptin-chat-font-family, system-ui, sans-serif); }
[part~='base'][hidden] { display: none; }
[part~='base'][data-animate='true'] { animation: poptin-chat-in 300ms ease-out; }
@keyframes poptin-chat-in { from { transform: scale(0.6); opacity: 0; } }
@media (prefers-reduced-motion: reduce) { [part~='base'] { animation: none !important; } }
[part~='button'] { inline-size: 60px; block-size: 60px; border-radius: 50%; border: 0; background: var(--poptin-chat-color, #25d366); color: #063; font-size: 28px; cursor: pointer; }
[part~='button']:focus-visible, [part~='close']:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
[part~='badge'] { position: absolute; inset-block-start: -4px; inset-inline-end: -4px; background: #b00020; color: #fff; border-radius: 10px; padding: 0 6px; font-size: 12px; }
[part~='chatbox'] { position: absolute; inset-block-end: 72px; inset-inline-end: 0; inline-size: min(320px, 90vw); background: #fff; color: #1a1a1a; border-radius: 12px; padding: 16px; box-shadow: 0 4px 24px rgb(0 0 0 / 25%); }
[part~='close'] { position: absolute; inset-block-start: 4px; inset-inline-end: 4px; border: 0; background: none; font-size: 20px; cursor: pointer; min-inline-size: 32px; min-block-size: 32px; }
`;
