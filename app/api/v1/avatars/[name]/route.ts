import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';
import { avatarResponse } from '@/lib/server/players/avatar';
import { profileRoutes } from '@/lib/server/players/profile-routes';

export const GET = handler(profileRoutes.avatar, async ({ params, query }) => {
  const image = await avatarResponse(params.name, query.size);
  if (!image) throw new ApiError('NOT_FOUND');
  return image;
});
