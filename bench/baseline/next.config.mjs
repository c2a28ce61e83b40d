/** @type {import('next').NextConfig} */
export default { typescript: { ignoreBuildErrors: true } };
