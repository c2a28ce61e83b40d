module.exports = ({ env }) => ({
  'users-permissions': { config: { jwtSecret: env('JWT_SECRET') } },
  // Media on local disk under public/uploads (the upload plugin's default provider).
  upload: { config: { sizeLimit: 10 * 1024 * 1024 } },
});
