package app

// RouteLimits are the route limits, for the tests in app_test.
var RouteLimits = routeLimits
