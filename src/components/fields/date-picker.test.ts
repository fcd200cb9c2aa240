import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  closeSources,
  collectSubmits,
  field,
  formTemplate,
  inShadow,
  mountPopup,
  nextFrame,
  part,
  removePopups,
  submit,
  until,
} from '../../../test/browser-support/popup.ts';
import { addDays } from '../../core/forms/calendar.ts';
import { calendarDateOf, formatIsoDate } from '../../core/forms/date.ts';

const picker = (element: Element) => element.shadowRoot!.querySelector<HTMLElement>('.poptin-calendar [role="grid"]');
const focusedDay = (element: Element) => (element.shadowRoot!.activeElement as HTMLElement | null)?.dataset.date;

/** A real key press; "Shift+PageDown" holds Shift around it. */
async function press(keys: string) {
  const [key, ...modifiers] = keys.split('+').reverse();
  for (const modifier of modifiers) await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  for (const modifier of modifiers) await sendKeys({ up: modifier });
  await nextFrame();
}

async function openWithKeyboard(element: Element, name = 'Date') {
  field(element, name).focus();
  await press('Enter');
  await until(() => picker(element) !== null, 'the calendar');
}

describe('<poptin-popup> date picker', () => {
  afterEach(() => {
    removePopups();
    sinon.restore();
    document.documentElement.lang = '';
  });

  describe('the date field (widget §5)', () => {
    it('is read-only, reads dd/mm/yyyy, and a native date input becomes one', async () => {
      const element = await mountPopup(
        formTemplate('<label for="d">Date</label><input id="d" type="date" name="Date" value="2024-03-15">'),
      );
      const input = field(element, 'Date');
      expect(input.type).to.equal('text');
      expect(input.readOnly).to.equal(true);
      expect(input.value).to.equal('15/03/2024');
      expect(input.placeholder).to.equal('dd/mm/yyyy');
      expect(input.getAttribute('aria-haspopup')).to.equal('dialog');
      const button = inShadow(element, '.poptin-date-button');
      expect(button.getAttribute('aria-label')).to.equal('Choose a date');
      expect(button.getAttribute('aria-expanded')).to.equal('false');
    });

    it('opens a labelled calendar dialog with a grid from a click, focused on the chosen day', async () => {
      const element = await mountPopup(formTemplate('<input name="Date" aria-label="Date" value="15/03/2024">'));
      field(element, 'Date').click();
      await until(() => picker(element) !== null, 'the calendar');
      const dialog = inShadow(element, '.poptin-calendar');
      expect(dialog.getAttribute('role')).to.equal('dialog');
      expect(dialog.getAttribute('aria-label')).to.equal('Choose a date');
      expect(inShadow(element, '.poptin-calendar-title').textContent).to.equal('March 2024');
      expect(picker(element)!.getAttribute('aria-labelledby')).to.equal(inShadow(element, '.poptin-calendar-title').id);
      expect(focusedDay(element)).to.equal('2024-03-15');
      const cell = inShadow(element, '[data-date="2024-03-15"]');
      expect(cell.getAttribute('aria-selected')).to.equal('true');
      expect(cell.getAttribute('aria-label')).to.equal('Friday, March 15, 2024');
      expect(inShadow(element, '.poptin-date-button').getAttribute('aria-expanded')).to.equal('true');
    });

    it('starts on today when the field is empty', async () => {
      const element = await mountPopup(formTemplate('<input name="Date" aria-label="Date">'));
      await openWithKeyboard(element);
      expect(focusedDay(element)).to.equal(formatIsoDate(calendarDateOf(new Date())));
      expect(
        inShadow(element, `[data-date="${formatIsoDate(calendarDateOf(new Date()))}"]`).getAttribute('aria-current'),
      ).to.equal('date');
    });
  });

  describe('keyboard', () => {
    it('arrows move by a day and a week, PageUp/PageDown by a month (Shift: a year), Home/End to the week’s ends', async () => {
      const element = await mountPopup(formTemplate('<input name="Date" aria-label="Date" value="15/03/2024">'));
      await openWithKeyboard(element);
      const steps: [string, string][] = [
        ['ArrowRight', '2024-03-16'],
        ['ArrowDown', '2024-03-23'],
        ['ArrowLeft', '2024-03-22'],
        ['ArrowUp', '2024-03-15'],
        ['PageDown', '2024-04-15'],
        ['PageUp', '2024-03-15'],
        ['Shift+PageDown', '2025-03-15'],
        ['Shift+PageUp', '2024-03-15'],
        ['Home', '2024-03-10'],
        ['End', '2024-03-16'],
      ];
      for (const [key, day] of steps) {
        await press(key);
        expect(focusedDay(element), key).to.equal(day);
      }
      expect(inShadow(element, '.poptin-calendar-title').textContent).to.equal('March 2024');
      await press('Enter');
      expect(field(element, 'Date').value).to.equal('16/03/2024');
      expect(picker(element)).to.equal(null);
      expect(element.shadowRoot!.activeElement).to.equal(field(element, 'Date'));
    });

    it('Escape closes the calendar only: focus returns to the field and the pop-up stays', async () => {
      const element = await mountPopup(formTemplate('<input name="Date" aria-label="Date" value="15/03/2024">'));
      const sources = closeSources(element);
      await openWithKeyboard(element);
      await press('ArrowRight');
      await press('Escape');
      expect(picker(element)).to.equal(null);
      expect(element.shadowRoot!.activeElement).to.equal(field(element, 'Date'));
      expect(field(element, 'Date').value).to.equal('15/03/2024');
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(sources).to.deep.equal([]);
      expect((part(element, 'base') as HTMLDialogElement).open).to.equal(true);
    });

    it('on right-to-left pages ArrowLeft goes forward in time', async () => {
      const element = await mountPopup(formTemplate('<input name="Date" aria-label="Date" value="15/03/2024">'), {
        lang: 'he',
      });
      await openWithKeyboard(element);
      await press('ArrowLeft');
      expect(focusedDay(element)).to.equal('2024-03-16');
    });
  });

  describe('choosing', () => {
    it('a clicked day fills the field, clears its error and goes out with the form', async () => {
      const element = await mountPopup(formTemplate('<input name="Date" aria-label="Date" required>'));
      const submits = collectSubmits(element);
      submit(element);
      expect(field(element, 'Date').getAttribute('aria-invalid')).to.equal('true');
      expect(element.shadowRoot!.activeElement).to.equal(field(element, 'Date'));
      inShadow<HTMLButtonElement>(element, '.poptin-date-button').click();
      await until(() => picker(element) !== null, 'the calendar');
      inShadow<HTMLButtonElement>(element, '.poptin-calendar-step[aria-label="Next month"]').click();
      await nextFrame();
      const day = element.shadowRoot!.querySelector<HTMLElement>('td[role=gridcell]:not(.is-outside)')!;
      day.click();
      const [year, month] = day.dataset.date!.split('-');
      expect(field(element, 'Date').value).to.equal(`01/${month}/${year}`);
      expect(field(element, 'Date').hasAttribute('aria-invalid')).to.equal(false);
      submit(element);
      expect(submits[0].fields[0].value).to.equal(`01/${month}/${year}`);
    });

    it('a birthday can be typed or picked, but not today or later', async () => {
      const element = await mountPopup(formTemplate('<input name="birthday" aria-label="Birthday">'));
      expect(field(element, 'birthday').readOnly).to.equal(false);
      inShadow<HTMLButtonElement>(element, '.poptin-date-button').click();
      await until(() => picker(element) !== null, 'the calendar');
      const today = calendarDateOf(new Date());
      expect(focusedDay(element)).to.equal(formatIsoDate(addDays(today, -1)));
      expect(
        inShadow(element, `[data-date="${formatIsoDate(today)}"]`)?.getAttribute('aria-disabled') ?? 'true',
      ).to.equal('true');
    });
  });
});
