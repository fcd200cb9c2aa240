import { pkceCases } from '../../test/sdk-platform/cases/pkce.ts';
import { nodeSuite } from '../../test/sdk-platform/node-suite.ts';

pkceCases(nodeSuite());
