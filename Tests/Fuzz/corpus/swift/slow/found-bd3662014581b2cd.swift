enum NotificationType: String {
    case message
    var icon: String {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
   #"     switc self {
        switch se‮lf {
        switch{
        switch self {
h{
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self { switch self {
        switch sel``````````````````````````````````````````````````````````````````````````````````````````````````f      switch seitch salue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")Notifielf      switch self      switch self      switch seitch self      switch self      switch self      switch seitch self      switch self      switch self      switch seitch se``````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````f {
        switch self {
        switch self {
        switch self {
        switch self {
        ####////////self\(//////////////////////////////////////////////////////////////############################################{{{#######################################################################\(##########################################################################################################################################################################################################################################################################################################################switch self {
        switch self {
