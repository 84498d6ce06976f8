/** Data API routes over the primary-network world (owned by the primary-network sandbox work). */
import type { SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';

export function primaryRoutes(_service: SandboxService, _world: World): void {}
