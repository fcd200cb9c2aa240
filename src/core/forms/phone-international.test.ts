import { expect } from '@open-wc/testing';
import { defaultPhoneCountry, flagEmoji, listPhoneCountries } from './phone-countries.ts';
import { formatPhoneForCountry, toE164, validateInternationalPhone } from './phone-international.ts';
import { loadPhoneLibrary, type PhoneLibrary } from './phone-library.ts';

let library: PhoneLibrary;
before(async () => {
  library = await loadPhoneLibrary();
});

describe('phone international: valid for the selected flag country (widget §5)', () => {
  const table: Array<[string, string, string, boolean]> = [
    ['US', 'national', '(201) 555-0123', true],
    ['US', 'digits only', '2015550123', true],
    ['US', 'with +1', '+1 201 555 0123', true],
    ['US', 'too short', '555-0123', false],
    ['US', 'area code 155', '1555555555', false],
    ['IL', 'mobile', '050-123-4567', true],
    ['IL', 'mobile digits', '0521234567', true],
    ['IL', 'with +972', '+972 50 123 4567', true],
    ['IL', 'landline', '02-123-4567', true],
    ['IL', 'mobile one digit short', '050123456', false],
    ['GB', 'London landline', '020 7946 0958', true],
    ['GB', 'mobile', '07911 123456', true],
    ['GB', 'mobile one digit short', '07911 12345', false],
    ['DE', 'Berlin landline', '030 123456', true],
    ['DE', 'mobile', '01512 3456789', true],
    ['DE', 'area code only', '030', false],
    ['DE', 'letters', '030 12345a', false],
    ['IL', 'another country by its code', '+1 201 555 0123', true],
    ['US', 'Israeli mobile without +972', '050-123-4567', false],
  ];
  for (const [country, label, number, valid] of table) {
    it(`${country} ${label} "${number}": ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateInternationalPhone(library, number, country, { required: true }).valid).to.equal(valid);
    });
  }

  it('the message in English', () => {
    expect(validateInternationalPhone(library, '123', 'US')).to.deep.equal({
      valid: false,
      message: 'Invalid number - please try again',
      hint: null,
    });
  });
  it('the message in Hebrew', () => {
    expect(validateInternationalPhone(library, '123', 'IL', { language: 'he' }).message).to.equal(
      'המספר אינו תקין - נא לנסות שוב',
    );
  });
  it('required empty is invalid, optional empty is fine', () => {
    expect(validateInternationalPhone(library, '', 'US', { required: true }).valid).to.equal(false);
    expect(validateInternationalPhone(library, '', 'US').valid).to.equal(true);
  });
});

describe('phone international: reformatted by the selected country', () => {
  const table: Array<[string, string, string]> = [
    ['US', '2015550123', '(201) 555-0123'],
    ['IL', '0501234567', '050-123-4567'],
    ['GB', '02079460958', '020 7946 0958'],
    ['IL', '+12015550123', '+1 201 555 0123'],
    ['US', '', ''],
  ];
  for (const [country, typed, formatted] of table) {
    it(`${country}: "${typed}" → "${formatted}"`, () =>
      expect(formatPhoneForCountry(library, typed, country)).to.equal(formatted));
  }
  const e164Table: Array<[string, string, string | null]> = [
    ['IL', '050-123-4567', '+972501234567'],
    ['US', '(201) 555-0123', '+12015550123'],
    ['DE', '030 123456', '+4930123456'],
    ['GB', '07911 12345', null],
  ];
  for (const [country, typed, e164] of e164Table) {
    it(`${country}: "${typed}" in E.164 is ${e164}`, () => expect(toE164(library, typed, country)).to.equal(e164));
  }
});

describe('phone international: flag selector countries', () => {
  it('lists every library country with name, dialling code and flag', () => {
    const countries = listPhoneCountries(library, 'en');
    expect(countries.length).to.equal(library.getCountries().length);
    const byIso = new Map(countries.map((country) => [country.iso, country]));
    expect(byIso.get('IL')).to.deep.equal({ iso: 'IL', name: 'Israel', callingCode: '972', flag: '🇮🇱' });
    expect(byIso.get('US')).to.deep.equal({ iso: 'US', name: 'United States', callingCode: '1', flag: '🇺🇸' });
    expect(byIso.get('DE')?.callingCode).to.equal('49');
  });
  it('is sorted by name', () => {
    const names = listPhoneCountries(library, 'en').map((country) => country.name);
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
  it('names countries in Hebrew on Hebrew pages', () => {
    expect(listPhoneCountries(library, 'he').find((country) => country.iso === 'IL')?.name).to.equal('ישראל');
  });

  const flagTable: Array<[string, string]> = [
    ['IL', '🇮🇱'],
    ['us', '🇺🇸'],
    ['GB', '🇬🇧'],
    ['DE', '🇩🇪'],
    ['USA', ''],
    ['1', ''],
    ['', ''],
  ];
  for (const [iso, flag] of flagTable) {
    it(`flag of "${iso}" is "${flag}"`, () => expect(flagEmoji(iso)).to.equal(flag));
  }

  const defaultTable: Array<[string | null, 'en' | 'he', string]> = [
    ['GB', 'en', 'GB'],
    ['de', 'he', 'DE'],
    [null, 'he', 'IL'],
    [null, 'en', 'US'],
    ['XX', 'en', 'US'],
  ];
  for (const [visitorCountry, language, expected] of defaultTable) {
    it(`first flag for visitor country ${visitorCountry} on ${language} pages is ${expected}`, () => {
      expect(defaultPhoneCountry(library, visitorCountry, language)).to.equal(expected);
    });
  }
});

describe('phone international: libphonenumber-js loads lazily', () => {
  it('loads once', async () => {
    expect(await loadPhoneLibrary()).to.equal(library);
  });

  // The dev server serves the modules as the bundler would see them: a static import here would put
  // the library in the main bundle.
  for (const module of [
    './phone-library.ts',
    './phone-international.ts',
    './phone-countries.ts',
    './form.ts',
    './index.ts',
  ]) {
    it(`${module} has no static import of it`, async () => {
      const source = await (await fetch(new URL(module, import.meta.url))).text();
      const staticImports = source
        .split('\n')
        .filter((line) => /^\s*(import|export)\b[^(]*\bfrom\s*['"][^'"]*libphonenumber/.test(line));
      expect(staticImports).to.deep.equal([]);
    });
  }
});
