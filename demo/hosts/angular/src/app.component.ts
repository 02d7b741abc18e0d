/**
 * Angular: a standalone component with CUSTOM_ELEMENTS_SCHEMA. `[config]` is a property binding
 * (Angular sets properties, defined tag or not: before the kit loads the value waits on the element
 * and the element takes it over when it upgrades). Under strictTemplates `$event` of
 * `(auth-event)` is `CustomEvent<AuthEvent>`: the kit adds its events to HTMLElementEventMap and
 * its tags to HTMLElementTagNameMap, which Angular's template checker reads. The kit is imported
 * after the first render (a client-only import, as in a server-rendered Angular app).
 */
import { afterNextRender, Component, CUSTOM_ELEMENTS_SCHEMA, computed, signal, VERSION } from '@angular/core';
import type { AuthErrorDetail, AuthEvent, LoginConfig } from 'auth-elements';
import { loginConfig } from './config';

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Auth Elements in Angular {{ version }}</h1>
      <auth-login id="login" [config]="config" (auth-event)="onEvent($event)" (auth-error)="onError($event)"></auth-login>
      <p id="status">{{ status() }}</p>
      <h2>Events</h2>
      <ol id="events">
        @for (type of events(); track $index) {
          <li>{{ type }}</li>
        }
      </ol>
      <ol id="errors">
        @for (message of errors(); track $index) {
          <li>{{ message }}</li>
        }
      </ol>
    </main>
  `,
})
export class AppComponent {
  readonly version = VERSION.full;
  readonly config: LoginConfig = loginConfig;
  readonly events = signal<string[]>([]);
  readonly errors = signal<string[]>([]);
  readonly email = signal<string | undefined>(undefined);
  readonly status = computed(() => (this.events().includes('authenticate-flow-complete') ? `Signed in as ${this.email()}` : 'Signed out'));

  constructor() {
    afterNextRender(() => {
      void import('auth-elements/define');
    });
  }

  onEvent(e: CustomEvent<AuthEvent>): void {
    const { detail } = e;
    this.events.update((list) => [...list, detail.type]);
    // The detail is a discriminated union: after this check, data is the authenticate answer.
    if (detail.type === 'OTP_AUTHENTICATE') this.email.set(detail.data.user.emails[0]?.email);
  }

  onError(e: CustomEvent<AuthErrorDetail>): void {
    this.errors.update((list) => [...list, e.detail.message]);
  }
}
