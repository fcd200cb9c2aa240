import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { loginCases } from '../../test/sdk-platform/cases/login.ts';

loginCases(browserSuite());
