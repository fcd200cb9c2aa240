// The single-page app demo: views switched with history.pushState, and the Explain button.
// Built with DOM calls: the page enforces Trusted Types, so it assigns no markup strings.
const views = {
  home: { heading: 'Home', text: 'Welcome to the demo shop.' },
  pricing: { heading: 'Pricing', text: 'Scroll down for the details.', className: 'tall' },
};
function render() {
  const view = new URLSearchParams(location.search).get('view') || 'home';
  const { heading, text, className } = views[view] ?? views.home;
  const box = document.createElement('div');
  if (className) box.className = className;
  const title = document.createElement('h2');
  title.textContent = heading;
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  box.append(title, paragraph);
  document.getElementById('view').replaceChildren(box);
  document
    .querySelectorAll('nav button')
    .forEach((b) => b.setAttribute('aria-current', b.dataset.view === view ? 'page' : 'false'));
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
