// Test harness of the settings sections of mfe-accounting (jest only): the settings page as users get it, with its sections
// (../routes, ../module) among other remotes' (shared-kernel/testing settingsPageFor).
import { settingsPageFor } from 'shared-kernel/testing';
import remoteModule from '../module';
import { settingsSections } from '../routes';

export default settingsPageFor(remoteModule, settingsSections);
