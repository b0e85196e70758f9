package video

// NewLocker is the upload locker of an instance on the database (tests).
var NewLocker = newLocker
