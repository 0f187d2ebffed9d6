// An async boundary: shared singletons (React, the router, @portal/shared) must be negotiated by the
// federation runtime before any module that uses them runs.
import('./bootstrap');
