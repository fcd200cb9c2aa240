import { browserSuite } from '../../test/sdk-platform/browser-suite.ts';
import { pkceCases } from '../../test/sdk-platform/cases/pkce.ts';

pkceCases(browserSuite());
