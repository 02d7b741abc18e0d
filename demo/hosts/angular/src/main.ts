/** Boots the Angular app without zone.js (signals drive change detection). */
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app.component';

bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] }).catch((e: unknown) => console.error(e));
