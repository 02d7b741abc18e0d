/** Dev inbox shapes (`/dev/inbox.json`, test projects only). */

/** Channel a message went out on. */
export type InboxChannel = 'email' | 'sms' | 'whatsapp';

/** One captured outgoing message. */
export interface InboxMessage {
  id: string;
  channel: InboxChannel;
  to: string;
  subject: string | null;
  text: string;
  code: string | null;
  link: string | null;
  sent_at: string;
}

/** Body of `GET /dev/inbox.json`: newest first. */
export interface InboxResponse {
  messages: InboxMessage[];
}

/** Body of `GET /dev/project.json`. */
export interface DevProjectInfo {
  public_token: string;
  project_id: string;
  project_name: string;
  mode: 'test';
  api_base_url: string;
  allowed_origins: string[];
  redirect_urls: string[];
  /**
   * A project secret for the `/v1` backend API (Basic `project_id:secret`): the test project's development
   * secret, derived from the server's key material and never stored (server/README.md, "Backend API").
   */
  secret: string;
}
