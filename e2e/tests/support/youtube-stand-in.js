// A local stand-in for the YouTube IFrame Player API, served by request
// interception in place of https://www.youtube.com/iframe_api (see
// useYouTubeStandIn in ../fixtures.ts); the test machine has no network.
//
// It defines window.YT = { Player, PlayerState } with the parts the app's video
// player uses, draws a plain <div> instead of YouTube's iframe, and lets a
// test drive playback through window.__ytStandIn:
//
//   __ytStandIn.ready            true once the newest player has fired onReady
//   __ytStandIn.lastVideoId      videoId given to the newest player (null before)
//   __ytStandIn.playerCount      players created so far (retries create new ones)
//   __ytStandIn.duration         length of every stand-in video, in seconds
//   __ytStandIn.play()           start playing (onStateChange PLAYING)
//   __ytStandIn.progressTo(pct)  jump to pct% of the video; starts playing if it
//                                was not, stays playing if it was
//   __ytStandIn.pause()          pause (onStateChange PAUSED)
//   __ytStandIn.end()            jump to the end (onStateChange ENDED)
//   __ytStandIn.fail(code)       report a player error (onError with code)
//   __ytStandIn.time             the newest player's position, in seconds (it
//                                starts at playerVars.start, as YouTube's does)
//   __ytStandIn.setDuration(s)   the length of the stand-in videos (default 600 s)
//   __ytStandIn.setRate(r)       while playing, the video advances r seconds per
//                                real second (default 0: it moves only when told)
//
// Every control acts on the newest live player and throws if there is none
// yet: wait first, e.g. page.waitForFunction(() => window.__ytStandIn?.ready).
(function () {
  'use strict';

  var PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  var DURATION = 600;
  var RATE = 0;
  var current = null;

  var standIn = {
    lastVideoId: null,
    playerCount: 0,
    duration: DURATION,
    get ready() {
      return Boolean(current && current._ready);
    },
    // The newest player's position in seconds (null before one exists).
    get time() {
      return current ? current._time : null;
    },
    play: function () {
      live().playVideo();
    },
    progressTo: function (percent) {
      var player = live();
      var clamped = Math.min(100, Math.max(0, Number(percent)));
      player._time = (clamped / 100) * DURATION;
      if (player._state !== PlayerState.PLAYING) player._setState(PlayerState.PLAYING);
    },
    pause: function () {
      live().pauseVideo();
    },
    end: function () {
      var player = live();
      player._time = DURATION;
      player._setState(PlayerState.ENDED);
    },
    fail: function (code) {
      live()._emit('onError', Number(code));
    },
    setDuration: function (seconds) {
      DURATION = Number(seconds);
      standIn.duration = DURATION;
    },
    setRate: function (rate) {
      RATE = Number(rate);
    },
  };

  // Real-time playback (setRate): the position advances while playing and
  // the video ends by itself at its end.
  setInterval(function () {
    var player = current;
    if (!player || RATE <= 0 || player._state !== PlayerState.PLAYING) return;
    player._time = Math.min(DURATION, player._time + RATE * 0.1);
    if (player._time >= DURATION) player._setState(PlayerState.ENDED);
  }, 100);

  function live() {
    if (!current) throw new Error('YouTube stand-in: no player yet (wait for window.__ytStandIn.ready)');
    return current;
  }

  function Player(elementOrId, options) {
    var target = typeof elementOrId === 'string' ? document.getElementById(elementOrId) : elementOrId;
    if (!target) throw new Error('YouTube stand-in: no element ' + String(elementOrId));
    this._options = options || {};
    this._events = this._options.events || {};
    this._videoId = this._options.videoId;
    // Like the real player, playerVars.start cues the video at that second.
    this._time = Number((this._options.playerVars || {}).start) || 0;
    this._state = PlayerState.UNSTARTED;
    this._ready = false;
    this._destroyed = false;

    var element = document.createElement('div');
    element.setAttribute('data-testid', 'youtube-stand-in');
    element.setAttribute('data-video-id', String(this._videoId));
    element.textContent = 'Video stand-in: ' + this._videoId;
    element.style.display = 'flex';
    element.style.alignItems = 'center';
    element.style.justifyContent = 'center';
    element.style.color = '#ffffff';
    element.style.font = '14px system-ui, sans-serif';
    target.replaceWith(element);
    this._element = element;

    current = this;
    standIn.lastVideoId = this._videoId;
    standIn.playerCount += 1;

    // Like the real player, onReady arrives asynchronously after construction.
    var self = this;
    setTimeout(function () {
      if (self._destroyed) return;
      self._ready = true;
      self._emit('onReady');
    }, 0);
  }

  Player.prototype._emit = function (name, data) {
    var handler = this._events[name];
    if (this._destroyed || typeof handler !== 'function') return;
    var event = { target: this };
    if (data !== undefined) event.data = data;
    handler(event);
  };

  Player.prototype._setState = function (state) {
    this._state = state;
    this._emit('onStateChange', state);
  };

  Player.prototype.getCurrentTime = function () {
    return this._time;
  };
  Player.prototype.getDuration = function () {
    return DURATION;
  };
  Player.prototype.getPlayerState = function () {
    return this._state;
  };
  Player.prototype.getVideoData = function () {
    return { video_id: this._videoId };
  };
  Player.prototype.playVideo = function () {
    if (this._time >= DURATION) this._time = 0;
    this._setState(PlayerState.PLAYING);
  };
  Player.prototype.pauseVideo = function () {
    this._setState(PlayerState.PAUSED);
  };
  Player.prototype.seekTo = function (seconds) {
    this._time = Math.min(DURATION, Math.max(0, Number(seconds)));
  };
  Player.prototype.destroy = function () {
    this._destroyed = true;
    this._element.remove();
    if (current === this) current = null;
  };

  window.YT = { Player: Player, PlayerState: PlayerState, loaded: 1 };
  window.__ytStandIn = standIn;
  if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
})();
