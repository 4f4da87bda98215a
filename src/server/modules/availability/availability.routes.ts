import type { FastifyPluginAsync } from 'fastify';
import {
  checkAgentVisitsOutsideHoursEndpoint,
  checkOwnVisitsOutsideHoursEndpoint,
  getAgentAvailabilityEndpoint,
  listHeldTimesEndpoint,
  listOutsideBusyEndpoint,
  getOwnAvailabilityEndpoint,
  saveAgentAvailabilityEndpoint,
  saveOwnAvailabilityEndpoint,
} from '@contracts/availability';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import * as schedules from './agent-schedule.service';
import { listHeldTimes, listOutsideBusy } from './held-times.service';
import * as outsideHours from './visits-outside-hours.service';

export function availabilityRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, getOwnAvailabilityEndpoint, async (request) =>
      schedules.getOwnAvailability(deps, request.context),
    );

    route(app, saveOwnAvailabilityEndpoint, async (request) =>
      schedules.saveOwnAvailability(deps, request.context, request.body),
    );

    route(app, getAgentAvailabilityEndpoint, async (request) =>
      schedules.getAgentAvailability(deps, request.context, request.params.id),
    );

    route(app, saveAgentAvailabilityEndpoint, async (request) =>
      schedules.saveAgentAvailability(deps, request.context, request.params.id, request.body),
    );

    route(app, checkOwnVisitsOutsideHoursEndpoint, async (request) =>
      outsideHours.checkOwnVisitsOutsideHours(deps, request.context, request.body),
    );

    route(app, checkAgentVisitsOutsideHoursEndpoint, async (request) =>
      outsideHours.checkAgentVisitsOutsideHours(
        deps,
        request.context,
        request.params.id,
        request.body,
      ),
    );

    route(app, listHeldTimesEndpoint, async (request) =>
      listHeldTimes(deps, request.context, request.query),
    );

    route(app, listOutsideBusyEndpoint, async (request) =>
      listOutsideBusy(deps, request.context, request.query),
    );
  };
}
