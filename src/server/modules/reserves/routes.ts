/**
 * HTTP of the proof of reserves (docs/proof-of-reserves.md): the latest snapshot (public), the signed-in
 * user's proof, and staff's publishing and reserve addresses under /api-v3/admin.
 */
import { errorBody } from '../../../shared/api/common.js';
import { myProofOfReserves, proofOfReserves, reserveAddressesBody } from '../../../shared/api/reserves.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { replaceReserveAddresses, reserveAddresses } from './addresses.js';
import { createReservesService } from './snapshot.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const reservesModule: AppModule = (app, ctx) => {
  const reserves = createReservesService(ctx);
  const tags = ['proof-of-reserves'];

  app.get('/api-v1/proof-of-reserves/', {
    schema: { tags, response: { 200: proofOfReserves, 404: errorBody } },
    handler: () => reserves.latest(),
  });

  app.get('/api-v1/proof-of-reserves/mine/', {
    onRequest: ctx.guard.requireUser,
    schema: { tags, response: { 200: myProofOfReserves, 401: errorBody, 404: errorBody } },
    handler: (req) => reserves.mine(currentUser(req).id),
  });

  app.post('/api-v3/admin/proof-of-reserves/', {
    onRequest: ctx.guard.requireAdmin,
    schema: { tags: ['admin'], response: { 200: proofOfReserves, ...errors } },
    handler: (req) => reserves.publish(currentUser(req).id),
  });

  app.get('/api-v3/admin/proof-of-reserves/reserve-addresses/', {
    onRequest: ctx.guard.requireAdmin,
    schema: { tags: ['admin'], response: { 200: reserveAddressesBody, ...errors } },
    handler: async () => ({ addresses: await reserveAddresses(ctx.db) }),
  });

  app.put('/api-v3/admin/proof-of-reserves/reserve-addresses/', {
    onRequest: ctx.guard.requireAdmin,
    schema: { tags: ['admin'], body: reserveAddressesBody, response: { 200: reserveAddressesBody, ...errors } },
    handler: (req) => ctx.db.transaction((tx) => replaceReserveAddresses(tx, currentUser(req).id, req.body.addresses)),
  });
};
