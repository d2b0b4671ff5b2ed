// Package brokerfaults holds the engine's fault tests against a real Apache Kafka process
// (build tag apachekafka, run by the test-apache-kafka tier): the broker is stopped while a
// Kafka -> Delta query runs, the query must fail with a clear error naming the broker, and a
// restart after the broker is back must leave the table equal to the topic.
//
// It is a package of its own so that tier runs only these tests here, not the whole engine
// suite a second time. It has no code beyond its tests.
package brokerfaults
