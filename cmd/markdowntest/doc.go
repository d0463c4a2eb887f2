// Package markdowntest holds the test that renders `backoffctl strategies -o markdown` as GitHub
// does (goldmark with tables). It is a package of its own so that package cmd's test binary,
// which the end-to-end scripts start for every command they run, does not link goldmark and
// pay for its initialisation each time.
package markdowntest
