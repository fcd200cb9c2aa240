import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { flowCases } from '../../test/sdk-platform/cases/flow.ts';

flowCases(browserSuite());
