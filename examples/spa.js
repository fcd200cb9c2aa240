// The single-page app demo: views switched with history.pushState, and the Explain button.
const views = {
  home: '<h2>Home</h2><p>Welcome to the demo shop.</p>',
  pricing: '<div class="tall"><h2>Pricing</h2><p>Scroll down for the details.</p></div>',
};
function render() {
  const view = new URLSearchParams(location.search).get('view') || 'home';
  document.getElementById('view').innerHTML = views[view] ?? views.home;
  document.querySelectorAll('nav button').forEach((b) => b.setAttribute('aria-current', b.dataset.view === view ? 'page' : 'false'));
}
document.querySelector('nav').addEventListener('click', (event) => {
  const view = event.target.closest('button')?.dataset.view;
  if (!view) return;
  history.pushState({}, '', `?view=${view}`);
  render();
});
window.addEventListener('popstate', render);
if (!new URLSearchParams(location.search).get('view')) history.replaceState({}, '', '?view=home');
render();
document.getElementById('explain-button').addEventListener('click', async () => {
  const ids = ['spawelcome001', 'spapricing001'];
  const explanations = await Promise.all(ids.map((id) => window.poptin?.explain(id)));
  document.getElementById('explain').textContent = JSON.stringify(explanations, null, 2);
});
