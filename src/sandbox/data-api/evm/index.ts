/** Data API routes over the EVM world (owned by the EVM sandbox work). */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';

export function evmRoutes(_service: SandboxService, _world: World): void {}
