import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { identityCases } from '../../test/sdk-platform/cases/identity.ts';

identityCases(browserSuite());
