import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { errorCases } from '../../test/sdk-platform/cases/errors.ts';

errorCases(browserSuite());
