/** Who asks a task query: decides "available" for a signed-in earner and the funding view of creators and admins. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}
