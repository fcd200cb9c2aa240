import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { tokenCases } from '../../test/sdk-platform/cases/tokens.ts';

tokenCases(browserSuite());
