// The entry animations of widget §9 and their exits (In replaced by Out), on transform and opacity only.
// Entries last 1 s, exits 0.8 s; under reduced motion every one of them is a short fade.
const KEYFRAMES = `
@keyframes poptin-fadeIn { from { opacity: 0; } to { opacity: 1; } }
@keyframes poptin-fadeOut { from { opacity: 1; } to { opacity: 0; } }
@keyframes poptin-slideInDown { from { opacity: 0; transform: translateY(-100%); } to { opacity: 1; transform: none; } }
@keyframes poptin-slideInUp { from { opacity: 0; transform: translateY(100%); } to { opacity: 1; transform: none; } }
@keyframes poptin-slideOutDown { from { opacity: 1; transform: none; } to { opacity: 0; transform: translateY(100%); } }
@keyframes poptin-slideOutUp { from { opacity: 1; transform: none; } to { opacity: 0; transform: translateY(-100%); } }
@keyframes poptin-flipInX {
  from { opacity: 0; transform: perspective(400px) rotateX(90deg); }
  40% { transform: perspective(400px) rotateX(-20deg); }
  60% { opacity: 1; transform: perspective(400px) rotateX(10deg); }
  80% { transform: perspective(400px) rotateX(-5deg); }
  to { opacity: 1; transform: perspective(400px); }
}
@keyframes poptin-flipOutX {
  from { opacity: 1; transform: perspective(400px); }
  30% { opacity: 1; transform: perspective(400px) rotateX(-20deg); }
  to { opacity: 0; transform: perspective(400px) rotateX(90deg); }
}
@keyframes poptin-zoomIn { from { opacity: 0; transform: scale(0.3); } 50% { opacity: 1; } to { opacity: 1; transform: none; } }
@keyframes poptin-zoomOut { from { opacity: 1; transform: none; } 50% { opacity: 0; transform: scale(0.3); } to { opacity: 0; transform: scale(0.3); } }
@keyframes poptin-tada {
  from { transform: none; }
  10%, 20% { transform: scale(0.9) rotate(-3deg); }
  30%, 50%, 70%, 90% { transform: scale(1.1) rotate(3deg); }
  40%, 60%, 80% { transform: scale(1.1) rotate(-3deg); }
  to { transform: none; }
}
@keyframes poptin-pulse { from { transform: none; } 50% { transform: scale(1.05); } to { transform: none; } }
@keyframes poptin-flash { from, 50%, to { opacity: 1; } 25%, 75% { opacity: 0; } }
@keyframes poptin-heartBeat { from { transform: none; } 14% { transform: scale(1.3); } 28% { transform: none; } 42% { transform: scale(1.3); } 70% { transform: none; } }
@keyframes poptin-shake { from, to { transform: none; } 10%, 30%, 50%, 70%, 90% { transform: translateX(-10px); } 20%, 40%, 60%, 80% { transform: translateX(10px); } }
@keyframes poptin-scaleThenFadeIn { from { opacity: 0; transform: scale(0.85); } 50% { opacity: 0; transform: none; } to { opacity: 1; transform: none; } }
`;

const ENTRIES = [
  'fadeIn',
  'slideInDown',
  'slideInUp',
  'flipInX',
  'zoomIn',
  'tada',
  'pulse',
  'flash',
  'heartBeat',
  'shake',
  'scaleThenFadeIn',
];
const EXITS = ['fadeOut', 'slideOutDown', 'slideOutUp', 'flipOutX', 'zoomOut'];
/** Exits that have no Out of their own: they play, then fade. */
const PLAY_THEN_FADE = ['tada', 'pulse', 'flash', 'heartBeat', 'shake'];

export const animationStyles = `${KEYFRAMES}
${ENTRIES.map((name) => `[part~="panel"][data-animation-phase="entry"][data-animation="${name}"] { animation: poptin-${name} 1s both; }`).join('\n')}
${EXITS.map((name) => `[part~="panel"][data-animation-phase="exit"][data-animation="${name}"] { animation: poptin-${name} 0.8s both; }`).join('\n')}
${PLAY_THEN_FADE.map((name) => `[part~="panel"][data-animation-phase="exit"][data-animation="${name}"] { animation: poptin-${name} 0.6s, poptin-fadeOut 0.2s 0.6s both; }`).join('\n')}
[part~="panel"][data-animation="none"] { animation: none; }
@media (prefers-reduced-motion: reduce) {
  [part~="panel"][data-animation-phase="entry"][data-animation] { animation: poptin-fadeIn 150ms both; }
  [part~="panel"][data-animation-phase="exit"][data-animation] { animation: poptin-fadeOut 150ms both; }
  [part~="panel"][data-animation="none"] { animation: none; }
}
`;
