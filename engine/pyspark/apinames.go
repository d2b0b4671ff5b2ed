package pyspark

import (
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pysparkAPI lists the public names of PySpark's classes (PySpark 4). A name in this list
// that kafkalab does not bind is an unsupported API; any other unknown name is a typo,
// answered with Python's AttributeError and the nearest name that exists.
var pysparkAPI = map[string]string{
	"DataFrame": "agg alias approxQuantile cache checkpoint coalesce colRegex collect columns corr count cov " +
		"createGlobalTempView createOrReplaceGlobalTempView createOrReplaceTempView createTempView crossJoin crosstab " +
		"cube describe distinct drop dropDuplicates dropDuplicatesWithinWatermark drop_duplicates dropna dtypes " +
		"exceptAll explain fillna filter first foreach foreachPartition freqItems groupBy groupby head hint " +
		"inputFiles intersect intersectAll isEmpty isLocal isStreaming join limit localCheckpoint mapInArrow " +
		"mapInPandas melt na observe offset orderBy pandas_api persist printSchema randomSplit rdd registerTempTable " +
		"repartition repartitionByRange replace rollup sameSemantics sample sampleBy schema select selectExpr " +
		"semanticHash show sort sortWithinPartitions sparkSession stat storageLevel subtract summary tail take " +
		"to toDF toJSON toLocalIterator toPandas transform union unionAll unionByName unpersist unpivot where " +
		"withColumn withColumnRenamed withColumns withColumnsRenamed withMetadata withWatermark write writeStream " +
		"writeTo mergeInto asTable lateralJoin scalar exists metadataColumn nearestByJoin repartitionById toArrow " +
		"transpose zipWithIndex",
	"Column": "alias asc asc_nulls_first asc_nulls_last astype between bitwiseAND bitwiseOR bitwiseXOR cast " +
		"contains desc desc_nulls_first desc_nulls_last dropFields endswith eqNullSafe getField getItem ilike " +
		"isNaN isNotNull isNull isin like name otherwise over rlike startswith substr when withField try_cast outer transform",
	"SparkSession": "active addArtifact addArtifacts addTag builder catalog clearTags conf copyFromLocalToFs " +
		"createDataFrame dataSource getActiveSession getTags interruptAll interruptOperation interruptTag " +
		"newSession profile range read readStream removeTag sparkContext sql stop streams table tvf udf udtf version",
	"SparkSession.Builder": "appName config create enableHiveSupport getOrCreate master remote",
	"GroupedData":          "agg applyInArrow applyInPandas applyInPandasWithState avg cogroup count max mean min pivot sum transformWithStateInPandas",
	"DataFrameReader":      "csv format jdbc json load option options orc parquet schema table text xml",
	"DataStreamReader":     "csv format json load option options orc parquet schema table text xml",
	"DataFrameWriter": "bucketBy csv format insertInto jdbc json mode option options orc parquet partitionBy save " +
		"saveAsTable sortBy text xml clusterBy",
	"DataStreamWriter": "foreach foreachBatch format option options outputMode partitionBy queryName start " +
		"toTable trigger clusterBy",
	"StreamingQuery": "awaitTermination exception explain id isActive lastProgress name processAllAvailable " +
		"recentProgress runId status stop",
	"StreamingQueryManager": "active addListener awaitAnyTermination get removeListener resetTerminated",
	"SparkContext": "accumulator addFile addPyFile appName applicationId binaryFiles broadcast defaultMinPartitions " +
		"defaultParallelism emptyRDD getConf getLocalProperty master parallelize range setCheckpointDir " +
		"setJobDescription setJobGroup setLocalProperty setLogLevel sparkUser startTime stop textFile uiWebUrl union version wholeTextFiles",
	"RuntimeConfig": "get getAll isModifiable set unset",
	"RDD": "aggregate aggregateByKey barrier cache cartesian checkpoint cleanShuffleDependencies coalesce cogroup " +
		"collect collectAsMap collectWithJobGroup combineByKey context count countApprox countApproxDistinct " +
		"countByKey countByValue distinct filter first flatMap flatMapValues fold foldByKey foreach foreachPartition " +
		"fullOuterJoin getCheckpointFile getNumPartitions getResourceProfile getStorageLevel glom groupBy groupByKey " +
		"groupWith histogram id intersection isCheckpointed isEmpty isLocallyCheckpointed join keyBy keys " +
		"leftOuterJoin localCheckpoint lookup map mapPartitions mapPartitionsWithIndex mapPartitionsWithSplit " +
		"mapValues max mean meanApprox min name partitionBy persist pipe randomSplit reduce reduceByKey " +
		"reduceByKeyLocally repartition repartitionAndSortWithinPartitions rightOuterJoin sample sampleByKey " +
		"sampleStdev sampleVariance saveAsHadoopDataset saveAsHadoopFile saveAsNewAPIHadoopDataset " +
		"saveAsNewAPIHadoopFile saveAsPickleFile saveAsSequenceFile saveAsTextFile setName sortBy sortByKey stats " +
		"stdev subtract subtractByKey sum sumApprox take takeOrdered takeSample toDF toDebugString toLocalIterator " +
		"top treeAggregate treeReduce union unpersist values variance withResources zip zipWithIndex zipWithUniqueId",
	"Catalog": "cacheTable clearCache createExternalTable createTable currentCatalog currentDatabase databaseExists " +
		"dropGlobalTempView dropTempView functionExists getDatabase getFunction getTable isCached listCatalogs " +
		"listColumns listDatabases listFunctions listTables recoverPartitions refreshByPath refreshTable " +
		"registerFunction setCurrentCatalog setCurrentDatabase tableExists uncacheTable",
	"DeltaTable": "alias addFeatureSupport clone cloneAtTimestamp cloneAtVersion convertToDelta create createIfNotExists " +
		"createOrReplace delete detail dropFeatureSupport forName forPath generate history isDeltaTable merge optimize " +
		"replace restoreToTimestamp restoreToVersion toDF update upgradeTableProtocol vacuum",
}

// classTypes maps a class name used in messages to its Python class, for suggestions.
var classTypes = map[string]*py.Type{}

func init() {
	for name, t := range map[string]*py.Type{
		"DataFrame": dataFrameType, "Column": columnType, "SparkSession.Builder": builderType,
		"GroupedData": groupedDataType, "DataFrameReader": readerType, "DataStreamReader": readerType,
		"DataFrameWriter": writerType, "DataStreamWriter": streamWriterType, "StreamingQuery": streamingQueryType,
		"StreamingQueryManager": streamsType, "SparkContext": sparkContextType, "RuntimeConfig": runtimeConfigType,
		"DeltaTable": deltaTableType, "Catalog": catalogType, "RDD": rddType,
	} {
		classTypes[name] = t
	}
}

func isPySparkAPI(class, name string) bool {
	for _, n := range strings.Fields(pysparkAPI[class]) {
		if n == name {
			return true
		}
	}
	return false
}

// nearestName is the bound name closest to name (edit distance at most 2, or a
// difference of case only), or "".
func nearestName(class, name string) string {
	var names []string
	if t := classTypes[class]; t != nil {
		for k := range t.Dict {
			if !strings.HasPrefix(k, "_") {
				names = append(names, k)
			}
		}
	}
	if class == "SparkSession" {
		for k := range sessionMethods {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	best, bestD := "", 3
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return n
		}
		if d := editDistance(strings.ToLower(n), strings.ToLower(name)); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
