package strategy

import (
	"strings"
	"testing"
)

// TestGoogleSourceSaysUnverified: google-api-core's preset was read from source, never run
// against the library; its help says so.
func TestGoogleSourceSaysUnverified(t *testing.T) {
	if src := googleAPICore().Source; !strings.Contains(src, "could not be run") {
		t.Errorf("google-api-core Source does not say the library could not be run:\n%s", src)
	}
}
