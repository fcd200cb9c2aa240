import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { redirectCases } from '../../test/sdk-platform/cases/redirects.ts';

redirectCases(browserSuite());
