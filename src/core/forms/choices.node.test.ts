import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  consentSettingsFrom,
  defaultRadioValue,
  initialConsentChecked,
  validateCheckboxGroup,
  validateConsent,
} from './choices.ts';

describe('checkbox groups (widget §5: a required group needs at least one box)', () => {
  const table: Array<[number, boolean, boolean]> = [
    [0, true, false],
    [1, true, true],
    [3, true, true],
    [0, false, true],
  ];
  for (const [ticked, required, valid] of table) {
    it(`${ticked} ticked, ${required ? 'required' : 'optional'}: ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateCheckboxGroup(ticked, { required }).valid).to.equal(valid);
    });
  }
  it('the message in English and Hebrew', () => {
    expect(validateCheckboxGroup(0, { required: true }).message).to.equal('Please tick at least one box');
    expect(validateCheckboxGroup(0, { required: true, language: 'he' }).message).to.equal('נא לסמן לפחות תיבה אחת');
  });
});

describe('radio groups (widget §5: a required group defaults to its first option)', () => {
  const table: Array<[string[], boolean, string | null, string | null]> = [
    [['small', 'large'], true, null, 'small'],
    [['small', 'large'], true, 'large', 'large'],
    [['small', 'large'], false, null, null],
    [['small', 'large'], false, 'large', 'large'],
    [['small', 'large'], true, 'gone', 'small'],
    [[], true, null, null],
  ];
  for (const [options, required, current, expected] of table) {
    it(`[${options.join(', ')}] ${required ? 'required' : 'optional'}, chosen ${current} → ${expected}`, () => {
      expect(defaultRadioValue(options, { required, current })).to.equal(expected);
    });
  }
});

describe('consent checkbox (widget §5)', () => {
  it('a consent box starts unticked, marked validate or not (Planet49)', () => {
    expect(initialConsentChecked()).to.equal(false);
  });

  const table: Array<[boolean, boolean, boolean]> = [
    [false, true, false],
    [true, true, true],
    [false, false, true],
    [true, false, true],
  ];
  for (const [checked, required, valid] of table) {
    it(`${checked ? 'ticked' : 'unticked'}, ${required ? 'required' : 'optional'}: ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateConsent(checked, { required }).valid).to.equal(valid);
    });
  }
  it('the message in English and Hebrew', () => {
    expect(validateConsent(false, { required: true }).message).to.equal('Please tick the box to continue');
    expect(validateConsent(false, { required: true, language: 'he' }).message).to.equal('נא לסמן את התיבה כדי להמשיך');
  });

  const settingsTable: Array<[Record<string, unknown>, { required: boolean; defaultChecked: boolean }]> = [
    [
      { field_checkbox_required: 'yes', field_checkbox_default_marked: 'no' },
      { required: true, defaultChecked: false },
    ],
    [
      { field_checkbox_required: false, field_checkbox_default_marked: true },
      { required: false, defaultChecked: true },
    ],
    [
      { field_checkbox_required: '1', field_checkbox_default_marked: 'on' },
      { required: true, defaultChecked: true },
    ],
    [{}, { required: false, defaultChecked: false }],
  ];
  for (const [properties, settings] of settingsTable) {
    it(`design_properties ${JSON.stringify(properties)} → ${JSON.stringify(settings)}`, () => {
      expect(consentSettingsFrom(properties)).to.deep.equal(settings);
    });
  }
});
