import { describe, it } from 'node:test';
import { expect } from 'chai';
import { emailValidationMode, type FieldKind, fieldKindOf, inputTypeFor, phoneValidationMode } from './field-kind.ts';

describe('field kind from the template convention (design §2, widget §3)', () => {
  const table: Array<[string, string, FieldKind]> = [
    ['Email', 'text', 'email'],
    ['Email', 'email', 'email'],
    ['email2', 'email', 'email'],
    ['Name', 'text', 'name'],
    ['FirstName', 'text', 'first-name'],
    ['first_name', 'text', 'first-name'],
    ['LastName', 'text', 'last-name'],
    ['last_name', 'text', 'last-name'],
    ['Phone', 'text', 'phone'],
    ['tel1', 'tel', 'phone'],
    ['Checkbox', 'checkbox', 'checkbox'],
    ['checkbox3', 'checkbox', 'checkbox'],
    ['consent', 'checkbox', 'consent'],
    ['Website', 'text', 'website'],
    ['url1', 'url', 'website'],
    ['Date', 'text', 'date'],
    ['birthday', 'text', 'birthday'],
    ['number1', 'number', 'number'],
    ['textarea1', 'textarea', 'message'],
    ['gender', 'radio', 'radio'],
    ['utm_source', 'hidden', 'hidden'],
    ['Email', 'hidden', 'hidden'],
    ['city', 'text', 'text'],
    ['text4', 'text', 'text'],
  ];
  for (const [name, type, kind] of table) {
    it(`${name} (${type}) is ${kind}`, () => {
      expect(fieldKindOf(name, type)).to.equal(kind);
    });
  }
});

describe('input type (widget §5: email fields are type email unless no-validation; website and URL are url)', () => {
  const table: Array<[string, string | null, string | null]> = [
    ['Email', 'check-typos', 'email'],
    ['Email', null, 'email'],
    ['Email', 'business-email', 'email'],
    ['Email', 'typos-business', 'email'],
    ['Email', 'no-validation', 'text'],
    ['Website', null, 'url'],
    ['url2', null, 'url'],
    ['Name', null, null],
    ['Phone', 'basic', null],
  ];
  for (const [name, validation, type] of table) {
    it(`${name} with ${validation} is ${type}`, () => {
      expect(inputTypeFor(name, validation)).to.equal(type);
    });
  }
});

describe('validation modes from data-validation', () => {
  const emailTable: Array<[string | null, string]> = [
    [null, 'check-typos'],
    ['', 'check-typos'],
    ['check-typos', 'check-typos'],
    ['Business-Email', 'business-email'],
    ['typos-business', 'typos-business'],
    ['no-validation', 'no-validation'],
    ['basic', 'check-typos'],
  ];
  for (const [attribute, mode] of emailTable) {
    it(`email "${attribute}" → ${mode}`, () => {
      expect(emailValidationMode(attribute)).to.equal(mode);
    });
  }
  const phoneTable: Array<[string | null, string]> = [
    [null, 'basic'],
    ['basic', 'basic'],
    ['international', 'international'],
    ['advanced', 'advanced'],
    ['check-typos', 'basic'],
  ];
  for (const [attribute, mode] of phoneTable) {
    it(`phone "${attribute}" → ${mode}`, () => {
      expect(phoneValidationMode(attribute)).to.equal(mode);
    });
  }
});
