import { expect } from '@open-wc/testing';
import { boundField } from './field-listeners.ts';

describe('boundField: the field an event of the forms is about', () => {
  it('is a named field of one of the forms once it is bound to its rules, and nothing else', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<form><input name="Email" data-poptin-bound><input data-poptin-bound><input name="Name"><button>Send</button></form>' +
      '<form><input name="Phone" data-poptin-bound></form>';
    const [form, other] = Array.from(root.querySelectorAll('form'));
    const at = (selector: string) => root.querySelector(selector);
    expect(boundField([form!], at('[name=Email]'))).to.equal(at('[name=Email]'));
    expect(boundField([form!], at('input:not([name])')), 'a field with no name').to.equal(null);
    expect(boundField([form!], at('[name=Name]')), 'a field not bound').to.equal(null);
    expect(boundField([form!], at('[name=Phone]')), "another form's field").to.equal(null);
    expect(boundField([form!, other!], at('[name=Phone]'))).to.equal(at('[name=Phone]'));
    expect(boundField([form!], at('button')), 'a button').to.equal(null);
    expect(boundField([form!], form!), 'the form itself').to.equal(null);
    expect(boundField([form!], null)).to.equal(null);
  });
});
