import { translate } from '../i18n/strings.ts';
import { isFreeMailAddress } from './business-email.ts';
import { suggestEmailCorrection } from './email-suggestions.ts';
import { emailValidationMode } from './field-kind.ts';
import { checkInputMaxLength } from './text-length.ts';
import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

// Letters, digits and . _ % + - ' before the @; dot-separated labels of letters, digits and inner
// hyphens after it, ending in a top-level domain of two or more letters.
const LOCAL_PART = String.raw`[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*`;
const DOMAIN_LABEL = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?`;
const EMAIL_SHAPE = new RegExp(String.raw`^${LOCAL_PART}@(?:${DOMAIN_LABEL}\.)+[A-Za-z]{2,}$`);

export function isEmailShape(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}

export interface EmailRuleOptions extends RuleOptions {
  /** `data-validation` of the input; check-typos when absent. */
  validation?: string | null;
  /** Free-mail domains (see parseDomainList); business modes reject them. */
  freeMailDomains?: ReadonlySet<string>;
}

export interface EmailSuggestion {
  address: string;
  /** "Did you mean <address>?" in the visitor's language. */
  message: string;
}

export interface EmailVerdict extends FieldVerdict {
  /** A likely correction, shown beside the field; it never blocks the submit. */
  suggestion: EmailSuggestion | null;
}

/** Email rules of widget §5 for each `data-validation` mode. */
export function validateEmail(value: string, options: EmailRuleOptions = {}): EmailVerdict {
  const { required = false, language = 'en', freeMailDomains } = options;
  const mode = emailValidationMode(options.validation);
  const verdict = (result: FieldVerdict, suggestion: EmailSuggestion | null = null): EmailVerdict => ({
    ...result,
    suggestion,
  });

  const length = checkInputMaxLength(value, language);
  if (!length.valid) return verdict(length);
  const address = value.trim();
  if (address === '') return verdict(required ? invalid(language, 'required') : VALID);
  if (mode === 'no-validation') return verdict(VALID);

  const corrected = mode === 'business-email' ? null : suggestEmailCorrection(address);
  const suggestion = corrected
    ? { address: corrected, message: translate(language, 'emailSuggestion', { address: corrected }) }
    : null;
  if (!isEmailShape(address)) return verdict(invalid(language, 'emailTypos'), suggestion);
  if (mode !== 'check-typos' && freeMailDomains && isFreeMailAddress(address, freeMailDomains)) {
    return verdict(invalid(language, 'emailBusinessOnly'), suggestion);
  }
  return verdict(VALID, suggestion);
}
