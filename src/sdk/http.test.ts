import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { httpCases } from '../../test/sdk-platform/cases/http.ts';

httpCases(browserSuite());
