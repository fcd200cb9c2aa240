// The embedded-forms demo: a block inserted after load, as a single-page app would, with DOM calls only.
document.getElementById('add-form').addEventListener('click', () => {
  const block = document.createElement('poptin-embed');
  block.setAttribute('poptin-id', 'demoembedded2');
  block.setAttribute('height', '260');
  document.getElementById('late-forms').append(block);
  block.scrollIntoView({ block: 'center' });
});
