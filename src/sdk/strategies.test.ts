import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { strategyCases } from '../../test/sdk-platform/cases/strategies.ts';

strategyCases(browserSuite());
